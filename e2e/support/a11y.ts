import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The two sizes issue 14 checks every screen at. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * Runs axe-core on what the page shows now (WCAG 2.x A and AA and axe's best practices), or only
 * on the elements matching `only`, and fails on any violation, listing each rule with the elements that break it, so a failure says
 * what to fix.
 */
export async function expectNoAxeViolations(page: Page, where: string, only?: string) {
  // Mantine's transitions fade content in; checked mid-fade, text has not yet its final colour.
  // Waits for every finite animation (spinners run forever and are left alone), including one a
  // component starts a frame after it mounts (Mantine's Transition), until a rendered frame
  // starts none.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const unfinished = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        );
    for (;;) {
      await Promise.all(unfinished().map((animation) => animation.finished.catch(() => null)));
      await frame();
      await frame();
      if (unfinished().length === 0) return;
    }
  });
  const builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  const { violations } = await (only ? builder.include(only) : builder).analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.html.slice(0, 100)} — ${node.failureSummary?.split('\n')[1]}`)
        .join('\n'),
  );
  expect(summary, `axe-core violations on ${where}`).toEqual([]);
}
