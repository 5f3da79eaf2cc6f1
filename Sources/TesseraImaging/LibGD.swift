import CGD
import CExif
import CTurboJPEG
import TesseraCore

/// Placeholder: the libgd-backed image processor lands with the imaging stage.
enum LibGDVersion {
    static var string: String { "\(GD_MAJOR_VERSION).\(GD_MINOR_VERSION).\(GD_RELEASE_VERSION)" }
}
