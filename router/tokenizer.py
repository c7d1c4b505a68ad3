"""A byte-level BPE tokenizer trained on our own corpus (no hub download), wrapped as a
transformers PreTrainedTokenizerFast so it saves/loads with the model directory."""
from __future__ import annotations

from collections.abc import Iterable

from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers
from transformers import PreTrainedTokenizerFast

SPECIALS = ["<pad>", "<unk>", "<sep>", "<cls>", "<mask>"]


def train_tokenizer(texts: Iterable[str], vocab_size: int = 4000, min_frequency: int = 2) -> PreTrainedTokenizerFast:
    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.normalizer = normalizers.Sequence([normalizers.NFKC(), normalizers.Lowercase()])
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=True)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        min_frequency=min_frequency,
        special_tokens=SPECIALS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(texts, trainer=trainer)
    sep, cls = tok.token_to_id("<sep>"), tok.token_to_id("<cls>")
    # XLNet reads the summary from the last position: text <sep> <cls>, padded on the left
    tok.post_processor = processors.TemplateProcessing(
        single="$A <sep> <cls>", pair="$A <sep> $B <sep> <cls>", special_tokens=[("<sep>", sep), ("<cls>", cls)]
    )
    return PreTrainedTokenizerFast(
        tokenizer_object=tok,
        pad_token="<pad>",
        unk_token="<unk>",
        sep_token="<sep>",
        cls_token="<cls>",
        mask_token="<mask>",
        padding_side="left",
    )
