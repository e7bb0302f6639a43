// Shared ESLint flat config for every Guestmap package.
// The restricted import patterns keep code flowing one way (shared-ui -> remotes / shell) as
// conventions.md asks; `featureZones` keeps a remote's own layout (src/lib -> src/features -> src/expose);
// import-x finds import cycles; react-hooks checks the rules of hooks and effect dependencies.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import guestmapLocal from './queries-in-api.js';

const APPS = ['shell', 'mfe-marketing', 'mfe-map', 'mfe-account', 'mfe-dashboard'];

/**
 * The zones of a remote's layout (docs/platform.md, "A remote's layout"): a feature imports only itself,
 * src/lib, shared-ui and libraries; src/lib imports no feature and no screen; only src/expose (and the
 * harness's bootstrap) composes features into screens.
 * @param {string} dir the package's folder
 */
function featureZoneRules(dir) {
  let features = [];
  try {
    features = readdirSync(resolve(dir, 'src/features'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    // no features yet
  }
  const zones = [
    ...features.map((f) => ({
      target: `./src/features/${f}`,
      from: './src/features',
      except: [`./${f}`],
      message: `features do not import each other: move what two features share into src/lib/, or compose them in src/expose/.`,
    })),
    {
      target: './src/features',
      from: './src/expose',
      message: 'a feature does not import a screen: screens in src/expose/ compose features.',
    },
    {
      target: './src/lib',
      from: ['./src/features', './src/expose'],
      message: 'src/lib is shared by every feature: it imports no feature and no screen.',
    },
  ];
  return { 'import-x/no-restricted-paths': ['error', { basePath: dir, zones }] };
}

/**
 * @param {{ self: string, featureZones?: boolean }} opts
 *   self: the package's folder name; featureZones: enforce the remote's layout zones (see featureZoneRules).
 */
export function guestmapEslint({ self, featureZones = false }) {
  const dir = resolve(import.meta.dirname, '../..', self);
  // The apps and shared-ui hold no query outside their api/ files (the shell: also its app/ services).
  const dataLayer = APPS.includes(self) || self === 'shared-ui';
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
    {
      files: ['**/*.{ts,tsx,js,mjs,jsx}'],
      plugins: { 'react-hooks': reactHooks, 'import-x': importX },
      settings: {
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.jsx'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      },
      rules: {
        'react-hooks/rules-of-hooks': 'error',
        'react-hooks/exhaustive-deps': 'error',
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        ...(featureZones ? featureZoneRules(dir) : {}),
      },
    },
    // Application code (tests may set up i18n and stores with the libraries themselves).
    {
      files: ['src/**/*.{ts,tsx}'],
      ignores: ['**/*.test.{ts,tsx}'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...patterns, ...singletonParts] }] },
    },
    // Queries only in api/ files (docs/platform.md "The data layer"): every app's and shared-ui's code. Tests and
    // the test helpers of src/test/ set up and check rows themselves; they are not the product.
    ...(dataLayer
      ? [
          {
            files: ['src/**/*.{ts,tsx,js,jsx,mjs}'],
            ignores: ['**/*.test.{ts,tsx,js,mjs}', 'src/test/**'],
            plugins: { guestmap: guestmapLocal },
            rules: { 'guestmap/queries-in-api': ['error', { allow: self === 'shell' ? ['src/app'] : [] }] },
          },
        ]
      : []),
  );
}
