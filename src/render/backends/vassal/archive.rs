//! The module's ZIP archive, reproducible: entries in the order given, each
//! with the same fixed time (1980-01-01, ZIP's first), no file-system
//! attributes, text deflated and images and PDFs stored as they are.

use std::io::Write;

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipWriter};

/// One file of the archive.
pub struct Entry {
    pub name: String,
    pub bytes: Vec<u8>,
}

impl Entry {
    pub fn new(name: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Self {
        Self {
            name: name.into(),
            bytes: bytes.into(),
        }
    }
}

pub fn zip(entries: &[Entry]) -> Result<Vec<u8>, String> {
    let mut writer = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for entry in entries {
        // A PDF is compressed inside already; SVG and XML are text.
        let method = if entry.name.ends_with(".pdf") {
            CompressionMethod::Stored
        } else {
            CompressionMethod::Deflated
        };
        let options = SimpleFileOptions::default()
            .compression_method(method)
            .last_modified_time(DateTime::default());
        writer
            .start_file(entry.name.as_str(), options)
            .and_then(|()| writer.write_all(&entry.bytes).map_err(Into::into))
            .map_err(|e| format!("cannot add {} to the archive: {e}", entry.name))?;
    }
    writer
        .finish()
        .map(std::io::Cursor::into_inner)
        .map_err(|e| format!("cannot finish the archive: {e}"))
}
