/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { settle, shoot } from './shoot';

type TFinding = { theme: string; id: string; impact: string; help: string; targets: string[]; details: string[] };

/**
 * Runs axe on the page as it stands, in the light and the dark theme (emulated system preference). Fails on
 * serious or critical violations; prints moderate and minor ones. Every finding is attached to the test.
 */
export async function expectAccessible(page: Page, screen: string, testInfo: TestInfo): Promise<void> {
  const findings: TFinding[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await settle(page);
    const results = await new AxeBuilder({ page }).analyze();
    for (const violation of results.violations) {
      findings.push({
        theme,
        id: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
        details: violation.nodes.map((node) => `${node.html.slice(0, 160)} :: ${node.failureSummary ?? ''}`),
      });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  await testInfo.attach(`axe-${screen}.json`, {
    body: JSON.stringify(findings, null, 2),
    contentType: 'application/json',
  });
  const minor = findings.filter((f) => f.impact !== 'serious' && f.impact !== 'critical');
  for (const f of minor)
    console.log(`[axe ${screen} ${f.theme}] ${f.impact} ${f.id}: ${f.help} — ${f.targets.join(', ')}`);
  const blocking = findings
    .filter((f) => f.impact === 'serious' || f.impact === 'critical')
    .map((f) => `${f.theme} ${f.impact} ${f.id}: ${f.help} — ${f.details.join(' | ')}`);
  expect(blocking, `serious or critical axe violations on ${screen}`).toEqual([]);
}

/** Screenshots `name` light and dark at 360 and 1280 px, then runs axe on the screen as above. */
export async function captureScreen(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  await shoot(page, name);
  await expectAccessible(page, name, testInfo);
}
