/** The product actions every service has (SPEC 3); configured actions may not take these names. */
export const BUILT_IN_ACTIONS = ['publish', 'unpublish', 'duplicate', 'reserve', 'release'] as const;
