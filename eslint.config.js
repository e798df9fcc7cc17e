import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "bench/results/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["stripe"], message: "Only the payments module may import the Stripe SDK." }] },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: 'Import { z } from "~/lib/zod": it sets Zod up for the CSP.' }],
          patterns: [{ group: ["stripe"], message: "Only the payments module may import the Stripe SDK." }],
        },
      ],
    },
  },
  {
    // The payments module's Stripe provider, and its test against a stand-in for Stripe's API.
    files: [
      "app/features/shop/payments/stripe-provider.server.ts",
      "tests/server/payments-stripe.test.ts",
      "tests/support/stripe-test-header.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: 'Import { z } from "~/lib/zod": it sets Zod up for the CSP.' }] },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
);
