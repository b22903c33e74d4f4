// Tailwind theme of the PWA (loaded by src/client/styles.css through @config): sober blue/slate palette
// mapped to CSS variables, system font stack, no web fonts.
import type { Config } from 'tailwindcss';

export default {
  content: ['./index.html', './src/client/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        border: 'var(--color-border-base)',
        input: 'var(--color-input-base)',
        ring: 'var(--color-ring-base)',
        background: 'var(--color-background-base)',
        foreground: 'var(--color-foreground-base)',
        primary: { DEFAULT: 'var(--color-primary-base)', foreground: 'var(--color-primary-fg)' },
        secondary: { DEFAULT: 'var(--color-secondary-base)', foreground: 'var(--color-secondary-fg)' },
        destructive: { DEFAULT: 'var(--color-destructive-base)', foreground: '#ffffff' },
        muted: { DEFAULT: 'var(--color-muted-base)', foreground: 'var(--color-muted-fg)' },
        accent: { DEFAULT: 'var(--color-accent-base)', foreground: 'var(--color-accent-fg)' },
        brand: { 50: '#eff5fb', 100: '#d8e6f3', 600: '#2b5486', 700: '#1e3a5f', 800: '#172d4a', 900: '#0f1e33' },
      },
      fontFamily: {
        sans: [
          'system-ui',
          '-apple-system',
          '"Segoe UI"',
          'Roboto',
          '"Helvetica Neue"',
          'Arial',
          '"Noto Sans"',
          'sans-serif',
          '"Apple Color Emoji"',
          '"Segoe UI Emoji"',
        ],
        mono: ['ui-monospace', 'SFMono-Regular', 'Menlo', 'Consolas', '"Liberation Mono"', 'monospace'],
      },
      borderRadius: { lg: '0.5rem', md: '0.375rem', sm: '0.25rem' },
    },
  },
} satisfies Config;
