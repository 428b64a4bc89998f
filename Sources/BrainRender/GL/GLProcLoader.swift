/// Where a backend finds GL entry points (the module links no GL library).
protocol GLProcLoader {
    func proc<T>(_ name: String, as type: T.Type) throws(RenderError) -> T
}

extension OSMesaLibrary: GLProcLoader {}
