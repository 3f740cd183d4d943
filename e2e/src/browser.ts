import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_ENDPOINT, chromiumPath } from './chromium-options.ts';

/**
 * Debian's Chromium, headless: the run's one browser, which the global setup started
 * (chromium-server.ts), or one of its own for a configuration without that setup. Closing what this
 * returns closes the contexts it opened. Every context it opens (and so every page, `browser.newPage`
 * included) reports each Content Security Policy violation to policyViolations(): the app must run
 * under its policy without one.
 */
export async function launchChromium(): Promise<Browser> {
  const endpoint = inject(CHROMIUM_ENDPOINT);
  const browser = endpoint
    ? await chromium.connect(endpoint)
    : await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  // browser.newPage opens its context through this method too.
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchPolicy(context);
    return context;
  };
  return browser;
}

/** Violations reported since the last takePolicyViolations(), in the order they came. */
const violations: string[] = [];
/** Violations a test expects (a page of another site framing the app): not reported. */
const expected: RegExp[] = [];

/** The violations reported since the last call, expected ones left out; the list starts afresh. */
export function takePolicyViolations(): string[] {
  const found = violations.splice(0).filter((text) => !expected.some((pattern) => pattern.test(text)));
  expected.length = 0;
  return found;
}

/** Lets the running test cause violations matching `pattern` on purpose (until it ends). */
export function expectPolicyViolations(pattern: RegExp): void {
  expected.push(pattern);
}

const REPORT_BINDING = '__reportPolicyViolation';

/**
 * Listens in every page of `context`, before any of its scripts run, for `securitypolicyviolation`
 * (the event a refused script, eval, style or frame fires, even when the page catches the error),
 * and reads the console's "Refused to …" lines, which also tell of violations no event reaches.
 */
async function watchPolicy(context: BrowserContext): Promise<void> {
  await context.exposeBinding(REPORT_BINDING, ({ page }, text: string) => {
    violations.push(`${text} (on ${page?.url() ?? 'a page'})`);
  });
  await context.addInitScript((binding) => {
    // Runs in the page: the browser's window and its event, typed by hand (these tests have no DOM types).
    type Violation = {
      effectiveDirective: string;
      blockedURI: string;
      sourceFile: string;
      documentURI: string;
      lineNumber: number;
    };
    const page = globalThis as unknown as {
      addEventListener(type: string, listener: (event: Violation) => void, capture: boolean): void;
    } & Record<string, ((text: string) => void) | undefined>;
    page.addEventListener(
      'securitypolicyviolation',
      (event) => {
        page[binding]?.(
          `securitypolicyviolation: ${event.effectiveDirective} refused ${event.blockedURI || 'inline'}` +
            ` at ${event.sourceFile || event.documentURI}:${event.lineNumber}`,
        );
      },
      true,
    );
  }, REPORT_BINDING);
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text()))
      violations.push(`console: ${message.text()} (on ${message.page()?.url() ?? 'a page'})`);
  });
}

/** The cookies of a `Cookie` header (as the API test helpers give a session) for a browser at `url`. */
export function cookiesOf(header: string, url: string): { name: string; value: string; url: string }[] {
  return header.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}
