// Range parsing is shared with every stored file the server sends (server/infra/storage).
export { parseRange, type ByteRange } from '../../infra/storage/byteRange';
