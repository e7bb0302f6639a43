// The tag colour of a commission rate's status (table and history).
export const RATE_STATUS_COLOUR: Record<string, string> = {
  proposed: 'gold',
  accepted: 'green',
  declined: 'red',
  withdrawn: 'default',
  superseded: 'default',
};
