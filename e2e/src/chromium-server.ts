import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_ENDPOINT, chromiumPath } from './chromium-options.ts';

/**
 * One Chromium for the whole run (vitest's global setup): each spec file connects to it and opens
 * contexts of its own (launchChromium()), which close when the file disconnects. Launching Chromium
 * once rather than once per file saves a second or two per file.
 */
export default async function startChromium(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  project.provide(CHROMIUM_ENDPOINT, server.wsEndpoint());
  return () => server.close();
}
