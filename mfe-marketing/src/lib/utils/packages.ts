// The three packages (Basic up to 20 recommendations, Professional up to 50, Premium unlimited): the pricing
// cards and the sales deck show them.
export const PACKAGES = [
  { id: 'basic', limit: 20 },
  { id: 'professional', limit: 50 },
  { id: 'premium', limit: null },
] as const;
