fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: u32 = args.next().unwrap().parse().unwrap();
    let files: Vec<Vec<u8>> = args.map(|f| std::fs::read(f).unwrap()).collect();
    let options = asalto_go::CheckOptions::default();
    for _ in 0..rounds {
        for f in &files {
            std::hint::black_box(asalto_go::check(std::hint::black_box(f), &options));
        }
    }
}
