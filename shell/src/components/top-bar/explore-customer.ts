// Where "Explore maps" leads (the bar and the drawer).
export const EXPLORE_CUSTOMER = 'ho-chi-minh-city';
