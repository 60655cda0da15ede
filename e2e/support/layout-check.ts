import { expect, type Page } from '@playwright/test';

/**
 * Issue 14: on a phone, no text may be cut or stick out of the screen. Looks at every visible
 * element that holds text (and every empty field's placeholder) and reports:
 * - the page scrolling sideways;
 * - text wider than its box where the box hides the overflow (a cut label, an ellipsis);
 * - text reaching past the screen's right or left edge, unless it sits in a container meant to
 *   scroll sideways;
 * - a placeholder wider than its field.
 * Visually hidden helpers (1 px clip boxes, the skip link before it has focus) are left out.
 */
export async function expectNoClippedText(page: Page, where: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const name = (element: Element) =>
      `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport + 1) {
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    }
    const hidesOverflow = (style: CSSStyleDeclaration) =>
      ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
    const visuallyHidden = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const box = node.getBoundingClientRect();
        if (style.visibility === 'hidden' || style.display === 'none' || style.opacity === '0') {
          return true;
        }
        if (box.width <= 1 || box.height <= 1) return true;
        if (style.transform !== 'none' && box.bottom <= 0) return true;
        if (node.getAttribute('aria-hidden') === 'true') return true;
      }
      return false;
    };
    const inSidewaysScroller = (element: Element) => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (['auto', 'scroll'].includes(style.overflowX) && node !== document.documentElement) {
          return true;
        }
      }
      return false;
    };
    const measure = document.createElement('canvas').getContext('2d')!;

    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const hasText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      const placeholder =
        element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
          ? element.value === '' && element.placeholder
            ? element.placeholder
            : ''
          : '';
      if (!hasText && !placeholder) continue;
      if (visuallyHidden(element)) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();

      if (placeholder) {
        measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room =
          element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (measure.measureText(placeholder).width > room + 1) {
          found.push(`placeholder "${placeholder}" is cut (needs more than ${room} px)`);
        }
        continue;
      }
      if (hidesOverflow(style) && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${name(element)} is cut (${element.scrollWidth} px in ${element.clientWidth})`);
      }
      if ((box.right > viewport + 1 || box.left < -1) && !inSidewaysScroller(element)) {
        found.push(`${name(element)} sticks out of the screen (${box.left}–${box.right} px)`);
      }
    }
    return [...new Set(found)];
  });
  expect(problems, `cut or overflowing text on ${where}`).toEqual([]);
}
