import Templating

/// The byte sink lives in `Templating` now; PMRender's code and tests keep using it by this name.
typealias ByteSink = Templating.ByteSink
