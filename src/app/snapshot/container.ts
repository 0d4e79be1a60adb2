/** Where React renders the app (set by the boot): what a snapshot copies. */
let container: HTMLElement | null = null;

export function setAppContainer(el: HTMLElement): void {
  container = el;
}

export function appContainer(): HTMLElement | null {
  return container;
}
