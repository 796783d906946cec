import type { Locator } from 'playwright-core';

/**
 * Resolves once React has hydrated the element: server-rendered markup is on screen before the code of
 * its (lazily loaded) page has run, and a click on it until then is the browser's own (a link loads a
 * new document). React marks each node it owns with a `__reactFiber$…` property.
 */
export async function hydrated(element: Locator): Promise<void> {
  await element.waitFor();
  await element.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        const owned = () => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
        const check = () => (owned() ? resolve() : setTimeout(check, 20));
        check();
      }),
  );
}
