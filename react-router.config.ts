import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_middleware: true,
    // Development only: Vite pre-bundles the dependencies of every route when the server starts,
    // instead of finding them page by page and reloading the browser with a second copy of React
    // ("Invalid hook call" on a fresh checkout's first visit to /login).
    unstable_optimizeDeps: true,
  },
} satisfies Config;
