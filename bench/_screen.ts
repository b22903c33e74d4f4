// The screen part alone: `npx tsx bench/_screen.ts` is `npm run bench -- --only=screen`.
process.argv.push('--only=screen');
await import('./run');
export {};
