// Calls of this group of the spec's §7, each with defineCall; see system.ts for the pattern.

export const userCalls = {} as const;
