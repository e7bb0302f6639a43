import { guestmapEslint } from '../shared-ui/lint/eslint-base.js';

export default [
  ...guestmapEslint({ self: 'local-stack' }),
  // REST plans first, then builds (PostgREST's Plan → Query): a plan is decided against the schema cache
  // without any SQL, so nothing in src/rest/plan/ imports from the query step (src/rest/query/), types included.
  {
    files: ['src/rest/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './src/rest/plan',
              from: './src/rest/query',
              message:
                'the plan step does not import from the query step (query/ renders plans): move what both need into a module both can import (errors.ts, schema-cache/, plan/).',
            },
          ],
        },
      ],
    },
  },
];
