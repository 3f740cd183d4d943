export const systemCheckKeys = {
  all: ['system-check'] as const,
  lag: () => ['system-check', 'lag'] as const,
};
