// What the shop's screens start when the member acts: favourites and cart lines, each the domain
// action of its kind (src/sync/mutations/shop: local change + one outbox entry in one transaction).
// Loaded on first use (`shopActions()` in ./lazy.ts), not with the lists' first paint: with their
// kinds they bring the API schemas, and the lists must paint within the entry budget.
export * from '../mutations/shop/kinds';
