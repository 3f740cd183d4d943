// @vitest-environment jsdom
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
});

describe('the first screen of a visit', () => {
  it('commits after its frame, in a deferred render; a later screen draws with its frame', async () => {
    // A fresh module: no screen of this "visit" drawn yet, whatever ran before in the worker.
    vi.resetModules();
    const { InterruptibleFirstRender } = await import('./interruptible-first-render');
    const draw = (screen: string) => {
      const container = document.createElement('div');
      const root = createRoot(container);
      roots.push(root);
      flushSync(() =>
        root.render(
          <div>
            frame
            <InterruptibleFirstRender>
              <p>{screen}</p>
            </InterruptibleFirstRender>
          </div>,
        ),
      );
      return container;
    };
    const first = draw('board');
    expect(first.textContent).toBe('frame');
    await vi.waitFor(() => expect(first.textContent).toBe('frameboard'));
    expect(draw('trucks').textContent).toBe('frametrucks');
  });
});
