// The README holds what an operation's description leaves out (the rules it
// reads, its dice order, its limits), one section per operation under
// "Operation details", headed by the operationId. Links are relative to the
// document: openapi/openapi.json sits one folder below README.md, and the
// service serves the README at /README.md, one level above /docs/.

export const README_URL = '../README.md'

/** A link to the operation's section of README › Operation details: `[README › Operation details › resolveAttack](../README.md#resolveattack)`. */
export function operationDetails (operationId: string, what = 'Details'): string {
  return `${what}: [README › Operation details › ${operationId}](${README_URL}#${operationId.toLowerCase()}).`
}
