import { Toaster as Sonner } from 'sonner';
import { useTheme } from '../theme/theme-provider';

/** docs/rules.md#constants-and-limits: top-center, a close button, 4000 ms, at most 3 visible. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      position="top-center"
      closeButton
      duration={4000}
      visibleToasts={3}
      theme={resolvedTheme}
      richColors
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
