// Run through `npm run lint`. The linters live in tools/lint with a TypeScript that still ships its
// JavaScript API (typescript-eslint needs it; the project's TypeScript 7 compiler has none), so every
// pattern here is read from the project's root.
import path from 'node:path'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const projectRoot = path.resolve(import.meta.dirname, '../..')

const configs = [
  {
    ignores: [
      'node_modules/',
      'tools/',
      '.output/',
      '.nitro/',
      '.tanstack/',
      '.data/',
      'coverage/',
      'src/routeTree.gen.ts',
      'clients/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: projectRoot },
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      // Numbers and booleans read naturally in messages; objects and nullish values stay refused.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // One way to name a shape: types, which unions and inferred zod types need anyway.
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      // `onClick={() => setOpen(false)}` is not a confusing use of a void value.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: {
      // `expect(ports.method).toHaveBeenCalled()` hands vitest a vi.fn mock to inspect; nothing calls it unbound.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
]

export default configs.map((config) => ({ ...config, basePath: projectRoot }))
