import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// StrictMode's checks run in development only; in a production build it renders nothing of its
// own, and leaving it out there keeps its bytes off the home page's budget (docs/performance.md).
const app = <HydratedRouter />;
startTransition(() => {
  hydrateRoot(document, import.meta.env.DEV ? <StrictMode>{app}</StrictMode> : app);
});
