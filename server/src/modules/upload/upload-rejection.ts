// A file the upload cannot read at all (format, limits, columns): one German message for the whole
// file. The service answers it as a 200 with the errors list, like any other validation result.
export class UploadRejection extends Error {
  constructor(
    message: string,
    readonly rowNumber?: number,
  ) {
    super(message);
    this.name = 'UploadRejection';
  }
}
