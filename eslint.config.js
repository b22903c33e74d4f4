// ESLint flat config: typescript-eslint, react-hooks, and the import boundaries of docs/architecture.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** Ways to turn a text into markup; none is used (docs/security.md, 'Nothing is rendered as HTML'). */
const HTML_INSERTS = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No se inserta HTML: muestre el texto tal cual' },
  {
    selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]',
    message: 'No se inserta HTML: use textContent',
  },
  { selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment)$/]', message: 'No se inserta HTML' },
  { selector: "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]", message: 'No se inserta HTML' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'src/server/db/migrations/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@server/*', '@client/*', '**/server/**', '**/client/**'], message: 'src/shared no importa server ni client' },
            { group: ['react', 'react-dom', 'drizzle-orm', 'drizzle-orm/*', 'node:*'], message: 'src/shared es isomórfico' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'sw/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@server/*', '**/server/**'], message: 'el cliente no importa código del servidor' }] },
      ],
    },
  },
  // The client checks formats with the contract's schemas (the server's own): no hand-written DNI or RUC pattern.
  // And nothing a user typed is ever rendered as HTML (docs/security.md): React's escaping is the first layer
  // against a stolen token, so the doors around it stay shut (HTML_INSERTS, here and in the service worker).
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[regex.pattern=/\\\\d\\{(8|11)\\}/]',
          message: 'valide el DNI o el RUC con el esquema del contrato (@shared/contract/common), no con una expresión propia',
        },
        ...HTML_INSERTS,
      ],
    },
  },
  {
    files: ['sw/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...HTML_INSERTS] },
  },
  // A getBy/findBy query already fails when nothing matches: wrapping it in expect(…).toBeTruthy() only hides
  // that the line is the assertion.
  {
    files: ['tests/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^toBe(Truthy|Defined)$/] > MemberExpression > CallExpression[callee.name='expect'] > CallExpression[callee.property.name=/^(get|find)(All)?By/]",
          message: 'getBy/findBy ya falla si no encuentra nada: escriba la consulta sola, sin expect(…).toBeTruthy()',
        },
        {
          selector:
            "CallExpression[callee.property.name=/^toBe(Truthy|Defined)$/] > MemberExpression > CallExpression[callee.name='expect'] > AwaitExpression > CallExpression[callee.property.name=/^(get|find)(All)?By/]",
          message: 'getBy/findBy ya falla si no encuentra nada: escriba la consulta sola, sin expect(…).toBeTruthy()',
        },
      ],
    },
  },
  // A module's routes.ts is HTTP only: its queries live in the module's service.ts or repository.ts
  // (docs/architecture.md, "The shape of a module").
  {
    files: ['src/server/modules/*/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/*', '**/lib/sql', '**/lib/wear'],
              message: 'routes.ts solo atiende HTTP: las consultas van en service.ts o repository.ts del módulo',
            },
          ],
        },
      ],
    },
  },
  // Server PDFs are built from what their caller gives them: a report never reaches into a module
  // (docs/architecture.md, "Layers").
  {
    files: ['src/server/reports/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@server/modules/*', '**/modules/*', '**/modules/**'],
              message: 'un informe no importa un módulo: quien lo llama le da lo que imprime',
            },
          ],
        },
      ],
    },
  },
  // The database layer is the server's lowest: it reaches into neither operations nor modules (docs/architecture.md).
  {
    files: ['src/server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/ops/*', '**/modules/*', '**/modules/**'],
              message: 'la capa de base de datos no importa ops/ ni modules/: quien la usa le pasa lo que necesita',
            },
          ],
        },
      ],
    },
  },
  // Client layers, lowest first (docs/architecture.md): lib → offline engine → components (the kit) → offline/ui →
  // features → app. A layer never imports one above it.
  ...clientLayer('src/client/lib/**', [
    '@client/offline',
    '@client/offline/*',
    '@client/components/*',
    '@client/features/*',
    '@client/app/*',
    '@client/routes/*',
  ]),
  ...clientLayer(
    'src/client/offline/**',
    ['@client/offline/ui', './ui/*', '@client/components/*', '@client/features/*', '@client/app/*', '@client/routes/*'],
    ['src/client/offline/ui/**'],
  ),
  ...clientLayer('src/client/components/**', ['@client/offline/ui', '@client/features/*', '@client/app/*', '@client/routes/*']),
  ...clientLayer('src/client/offline/ui/**', ['@client/features/*', '@client/app/*', '@client/routes/*']),
  // Features (one block per folder): the layer's rules, and no import from another feature folder
  // (docs/architecture.md, "Layers"): what two features share is the kit's.
  ...readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => featureFolder(d.name)),
);

/** The features layer's rules for one feature folder, plus: no import from another feature folder, by alias or path. */
function featureFolder(name) {
  const [layer] = clientLayer(`src/client/features/${name}/**`, ['@client/app/*', '@client/routes/*']);
  const [options] = layer.rules['no-restricted-imports'].slice(1);
  return [
    {
      ...layer,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...options.patterns,
              {
                group: ['@client/features/*', `!@client/features/${name}`, '**/features/*', `!**/features/${name}`, '../*', `!../${name}`],
                message:
                  'una carpeta de features no importa otra: lo que comparten va al kit (src/client/components, docs/architecture.md)',
              },
            ],
          },
        ],
      },
    },
  ];
}

/** no-restricted-imports for one client layer: the server and the layers above it. */
function clientLayer(files, above, ignores = []) {
  return [
    {
      files: [files.replace(/\*\*$/, '**/*.{ts,tsx}')],
      ignores,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: ['@server/*', '**/server/**'], message: 'el cliente no importa código del servidor' },
              { group: above, message: 'una capa del cliente no importa una capa superior (docs/architecture.md)' },
            ],
          },
        ],
      },
    },
  ];
}
