// The local SMTP sink lives with the scripts (the cluster test uses it too); the tests read it from here.
export * from '../../scripts/lib/smtpSink';
