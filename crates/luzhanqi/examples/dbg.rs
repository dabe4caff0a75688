fn main() {
    let p: luzhanqi::Position = "lf3/1S3/5/5/5/5/5/5/5/5/5/1F3 r".parse().unwrap();
    println!("{p}\n{:?}", p.moves_from("b11".parse().unwrap()).iter().collect::<Vec<_>>());
    println!("{}", luzhanqi::board::neighbours("b11".parse().unwrap()));
}
