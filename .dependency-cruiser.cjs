// The layering of app/features (docs/architecture.md, "Layers"): a feature imports only features
// of lower layers, so the areas never import each other in a circle. `npm run lint` runs this;
// a new back-edge fails it. A new area takes the lowest layer above everything it imports.
const LAYERS = [
  ["audit", "security", "society"],
  ["mail", "messages", "uploads", "documents", "gateway"],
  ["dues", "announcements", "executives", "history"],
  ["membership"],
  ["accounts"],
  ["second-factor"],
  ["members"],
  ["seminars"],
  ["library", "community", "payments", "votes"],
  ["admin", "search"],
  ["demo"],
];

const folder = (name) => `^app/features/${name}/`;

/** One rule per layer: its features may not import a feature of the same or a higher layer. */
const layerRules = LAYERS.flatMap((layer, index) => {
  const higher = LAYERS.slice(index + 1).flat();
  return layer.map((name) => ({
    name: `layer-${name}`,
    comment: `${name} is in layer ${index + 1}: it may import only features of lower layers (and lib/, db/, components/).`,
    severity: "error",
    from: { path: folder(name) },
    to: {
      path: `^app/features/(${[...higher, ...layer.filter((other) => other !== name)].join("|")})/`,
    },
  }));
});

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "features-not-in-a-layer",
      comment: "Every folder in app/features belongs to a layer in .dependency-cruiser.cjs.",
      severity: "error",
      from: { path: "^app/features/" },
      to: { path: `^app/features/(?!(${LAYERS.flat().join("|")})/)` },
    },
    {
      name: "no-routes-from-below",
      comment: "Routes are the top: nothing in features, lib, components or db imports a route.",
      severity: "error",
      from: { path: "^(app/(features|lib|components)|db)/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "lib-and-db-below-features",
      comment: "lib/, components/ and db/ are below every feature.",
      severity: "error",
      from: { path: "^(app/(lib|components)|db)/" },
      to: { path: "^app/features/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
