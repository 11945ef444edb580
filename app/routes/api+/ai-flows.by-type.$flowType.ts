import * as flowOfType from "~/routes/api+/flow-types.$flowType.ai-flow";
import { movedPath } from "~/web/moved-path.server";

// /api/ai-flows/by-type/{flowType}: moved to /api/flow-types/{flowType}/ai-flow (the old address
// read like a flow's); answered as there, marked deprecated until its sunset.
export const successorPath = "/api/flow-types/{flowType}/ai-flow";
const moved = movedPath(flowOfType, successorPath);
export const loader = moved.loader;
export const action = moved.action;
