// Shared ESLint flat config for every Guestmap package.
// `boundaries` lists the import specifiers a package must never use: this keeps
// code flowing one way (shared-ui -> remotes / shell) as conventions.md asks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const APPS = ['shell', 'mfe-marketing', 'mfe-map', 'mfe-account', 'mfe-dashboard'];

/** @param {{ self: string }} opts */
export function guestmapEslint({ self }) {
  const forbidden = self === 'shell' ? APPS.filter((a) => a !== 'shell') : APPS.filter((a) => a !== self);
  // The shell reaches remotes only through Module Federation ids; remotes never reach the shell.
  const patterns = forbidden.flatMap((app) => [
    {
      group: [`@guestmap/${app}`, `@guestmap/${app}/*`],
      message: `${self} must not import ${app}: use Module Federation or shared-ui.`,
    },
    { group: [`**/${app}/src/*`, `**/${app}/src`], message: `${self} must not reach into ${app}'s source.` },
  ]);
  if (self.startsWith('mfe-')) {
    patterns.push({
      group: ['react-router', 'react-router-dom', 'react-router/*', 'react-router-dom/*'],
      message:
        "remotes use the shell's router: take useParams/useSearchParams/useLocation from @guestmap/shared-ui/contracts, navigate with usePlatform().navigateTo.",
    });
  }
  // The shell's singletons that are not shared libraries: remotes take what they use from the contract.
  const singletonParts = self.startsWith('mfe-')
    ? [
        {
          group: ['react-i18next', 'react-redux', '@reduxjs/toolkit'],
          allowTypeImports: true,
          message:
            "remotes use the shell's copies: take useTranslation, useSelector and createSlice from @guestmap/shared-ui/contracts (types may be imported).",
        },
      ]
    : [];
  if (self === 'shared-ui') {
    patterns.push({ group: ['@guestmap/shell', '@guestmap/shell/*'], message: 'shared-ui imports no app.' });
  }
  return tseslint.config(
    { ignores: ['dist/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', '**/*.d.ts'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: { globals: { ...globals.browser, ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
      rules: {
        'no-restricted-imports': 'off',
        '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
        ],
        '@typescript-eslint/no-explicit-any': 'error',
        'no-empty': ['error', { allowEmptyCatch: true }],
      },
    },
    // Application code (tests may set up i18n and stores with the libraries themselves).
    {
      files: ['src/**/*.{ts,tsx}'],
      ignores: ['**/*.test.{ts,tsx}'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...patterns, ...singletonParts] }] },
    },
  );
}
