// The tag colour of an item's or a document's status, in every table of the tab.
export const STATUS_COLOUR: Record<string, string> = {
  confirmed: 'green',
  pending: 'gold',
  disputed: 'red',
  open: 'gold',
  paid: 'green',
};
