/**
 * What jsdom lacks of the browsers the app runs in, defined before every spec file: the web
 * project shares its workers' module graph, so no spec may count on another having defined it.
 * jsdom lays nothing out, so an element's size never changes there and a ResizeObserver never fires.
 */
if (typeof window !== 'undefined' && typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
