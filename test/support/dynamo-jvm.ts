/**
 * JVM options of every DynamoDB Local the tests start, integration stacks and adapter suites
 * alike (CPU only; `npm start` runs without). A test's DynamoDB Local lives seconds to minutes: the C1 compiler alone spends far
 * less CPU compiling than the default tiers win back (measured: about 2.3 s of 10.5 s of CPU
 * per small file). What it stores is the same.
 */
export const TEST_DYNAMO_JVM = ['-XX:TieredStopAtLevel=1'] as const;
