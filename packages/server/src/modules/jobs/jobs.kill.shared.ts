/** The killed job's queue settings, the same in the killed process and in the test. */
export const KILLED_JOB_OPTIONS = {
  name: 'test_killed',
  retryLimit: 2,
  retryDelaySeconds: 0,
  retryBackoff: false,
  // A run not finished in 3 s counts as lost: the next maintenance puts the job back.
  expireInSeconds: 3,
} as const;
