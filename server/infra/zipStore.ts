import { crc32 } from 'node:zlib';

/**
 * A zip archive of small text files, stored uncompressed (method 0): what a spreadsheet of CSV sheets needs, and no
 * library. Names are ASCII; sizes well under 4 GB (no zip64).
 */
export function zipStore(files: { name: string; content: Buffer }[], at = new Date()): Buffer {
    const time = (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1);
    const date = ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
    const locals: Buffer[] = [];
    const central: Buffer[] = [];
    let offset = 0;
    for (const { name, content } of files) {
        const nameBytes = Buffer.from(name, 'ascii');
        const crc = crc32(content);
        const head = Buffer.alloc(30);
        head.writeUInt32LE(0x04034b50, 0);
        head.writeUInt16LE(20, 4);
        head.writeUInt16LE(time, 10);
        head.writeUInt16LE(date, 12);
        head.writeUInt32LE(crc, 14);
        head.writeUInt32LE(content.length, 18);
        head.writeUInt32LE(content.length, 22);
        head.writeUInt16LE(nameBytes.length, 26);
        const entry = Buffer.alloc(46);
        entry.writeUInt32LE(0x02014b50, 0);
        entry.writeUInt16LE(20, 4);
        entry.writeUInt16LE(20, 6);
        entry.writeUInt16LE(time, 12);
        entry.writeUInt16LE(date, 14);
        entry.writeUInt32LE(crc, 16);
        entry.writeUInt32LE(content.length, 20);
        entry.writeUInt32LE(content.length, 24);
        entry.writeUInt16LE(nameBytes.length, 28);
        entry.writeUInt32LE(offset, 42);
        locals.push(head, nameBytes, content);
        central.push(entry, nameBytes);
        offset += head.length + nameBytes.length + content.length;
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(files.length, 8);
    end.writeUInt16LE(files.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    return Buffer.concat([...locals, directory, end]);
}
