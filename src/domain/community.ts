// Kept free of zod so the first screen's bundle stays small (the header and its filter load early).
export const COMMUNITIES = ['Seattle', 'UW', 'Microsoft'] as const;
export type Community = (typeof COMMUNITIES)[number];
export const COMMUNITY_FILTERS = ['All Communities', 'UW', 'Microsoft', 'Seattle'] as const;
export type CommunityFilter = (typeof COMMUNITY_FILTERS)[number];
export const CURRENT_USER_ID = 'user-current';
