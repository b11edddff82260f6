import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findChromium, launchChromium } from './support/launch-chromium.js';

// The browser tests run on a machine with only Node and npm: with no chromium on PATH, the
// launcher takes the Chromium that @sparticuz/chromium ships in the npm package, and it starts.

describe('the Chromium of the browser tests', () => {
  it('comes from the npm registry when no chromium is on PATH', async () => {
    const found = await findChromium({ PATH: '/nonexistent' });
    expect(found.source).toBe('npm (@sparticuz/chromium)');
    expect(existsSync(found.path)).toBe(true);
    // The same-origin policy stays on: the browser tests check real cross-origin calls.
    expect(found.args).not.toContain('--disable-web-security');
    expect(found.args).toContain('--disable-background-networking');
  });

  it('is the one SEATPAY_CHROMIUM names, and says so when it cannot start', async () => {
    const env = { PATH: process.env.PATH, SEATPAY_CHROMIUM: '/nonexistent/chromium' };
    expect(await findChromium(env)).toMatchObject({
      path: '/nonexistent/chromium',
      source: 'SEATPAY_CHROMIUM',
    });
    const saved = process.env.SEATPAY_CHROMIUM;
    process.env.SEATPAY_CHROMIUM = '/nonexistent/chromium';
    try {
      await expect(launchChromium()).rejects.toThrow(
        /SEATPAY_CHROMIUM \(\/nonexistent\/chromium\) did not start/,
      );
    } finally {
      if (saved === undefined) delete process.env.SEATPAY_CHROMIUM;
      else process.env.SEATPAY_CHROMIUM = saved;
    }
  });

  it('the npm one renders a page and runs its script', async () => {
    const saved = process.env.SEATPAY_CHROMIUM;
    process.env.SEATPAY_CHROMIUM = 'npm';
    const { browser, executable } = await launchChromium().finally(() => {
      if (saved === undefined) delete process.env.SEATPAY_CHROMIUM;
      else process.env.SEATPAY_CHROMIUM = saved;
    });
    try {
      expect(executable.source).toBe('npm (@sparticuz/chromium)');
      const page = await browser.newPage();
      await page.setContent('<p id="out"></p><script>out.textContent = String(6 * 7)</script>');
      expect(await page.locator('#out').textContent()).toBe('42');
    } finally {
      await browser.close();
    }
  });
});
