import { unitIn, MODEL_SPECS } from "~/lib/business/model-specs";
console.log(unitIn(MODEL_SPECS.appointment, "When they book a tour (usually 1-3 weeks before). Guided kayak tours on Lake Bala, 2 or 4 hours"));
