/** Hands a file to the browser's downloads (the page itself never opens it). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // after the click has been handled: revoking at once cancels the download in some browsers
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
