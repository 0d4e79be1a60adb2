// The programme kinds' own actions (src/sync/mutations/programme), for a screen that holds what
// they take; the parts beside this file (cert.ts, feedback.ts, …) wrap them for their screens.
// Loaded on first use (`programmeActions()` in ./lazy.ts).
export * from '../mutations/programme/kinds';
