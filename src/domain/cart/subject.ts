/** The subject of «Додано в кошик: X» and of that addition's refusal (src/ui/toast-store.ts): one replaces the other. */
export const cartAddSubject = (title: string) => `cart-add:${title}`;
