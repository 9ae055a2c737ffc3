// Types of scripts/test-runner-args.mjs, for the test that imports it.
export declare const TEST_RUNNER_ARGS: readonly string[]
