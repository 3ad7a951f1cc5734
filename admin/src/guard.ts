/**
 * The unsaved-change guard: while a screen holds edits, leaving it (a link, the back button,
 * closing the tab) asks first. Links are caught before the router's own click handler.
 */
let message: string | null = null;

export function setLeaveGuard(next: string | null): void {
  message = next;
}

/** Whether leaving may go ahead (asks when something is unsaved). */
export function mayLeave(): boolean {
  if (message === null) return true;
  if (!window.confirm(message)) return false;
  message = null;
  return true;
}

export function installLeaveGuard(): void {
  addEventListener(
    'click',
    (event) => {
      if (message === null || event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      const link = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && Boolean(node.href));
      if (!link || link.target === '_blank' || link.origin !== location.origin) return;
      if (!mayLeave()) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    },
    true,
  );
  addEventListener('beforeunload', (event) => {
    if (message !== null) event.preventDefault();
  });
}
