// `import TypesetKit` brings the pipeline's vocabulary with it: the text model, fonts,
// frames and pages, and the writers, so that a caller needs one import.
@_exported import Diagnostics
@_exported import Fonts
@_exported import Layout
@_exported import Markup
@_exported import Pages
@_exported import Render
@_exported import Text
