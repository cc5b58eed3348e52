/** A refusal or failure told to the operator as it is: the commands print its message alone and exit with 1. */
export class BackupError extends Error {
    override name = 'BackupError';
}
